import ClerkctlCommandLine

/// What a new user needs when no instance is configured: where the publishable key comes
/// from, the command to run with it, and the variable for the emulator.
package enum FirstRunHint {
  /// The one-line message for `InstanceError.notConfigured`.
  package static let message =
    "no Clerk instance configured: " + remedy

  /// The remedy alone (doctor's fix).
  package static let remedy =
    "copy the publishable key (pk_test_…) from the Clerk Dashboard → API keys and run "
    + "'clerkctl login --publishable-key pk_test_… --identifier you@example.com' (or set "
    + "CLERK_PUBLISHABLE_KEY); for the local emulator set CLERK_FAPI_URL to its URL instead"
}
