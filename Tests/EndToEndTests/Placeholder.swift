// End-to-end tests; see the files beside this one.
