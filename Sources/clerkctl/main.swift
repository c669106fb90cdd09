import ClerkCLI
