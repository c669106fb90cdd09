package enum ClerkCLIPlaceholder {}
