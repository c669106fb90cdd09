// Command-line tests; see the files beside this one.
