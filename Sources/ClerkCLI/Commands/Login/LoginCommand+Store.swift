import ClerkctlCommandLine
import ClerkctlKit

extension LoginCommand {
  /// `--store keyring|file`: where the sign-in's long-lived secret is kept.
  package static let store: OptionKey<SecretLocation?> = .choice(
    "store", value: "STORE",
    help: "Where the secret is kept: file (the profile's 0600 file) or keyring (the OS keyring, "
      + "the Secret Service; the file then holds no secret). Default: where the profile keeps "
      + "it, else file.",
    environmentVariable: "CLERKCTL_STORE")
}
