package enum ClerkEmulatorPlaceholder {}
