import ClerkctlKit

/// The warning `logout` and `login` print when they meet a credential file that others can read:
/// they end its session and delete or replace it, where every other command refuses it.
package enum ExposedCredentialWarning {
  /// What happens to the exposed file.
  package enum Action: Sendable {
    case delete, replace
  }

  /// The warning for `exposure` (`CredentialStoreError.insecurePermissions`), without prefix.
  package static func text(for exposure: CredentialStoreError, action: Action = .delete) -> String {
    let what: String
    if case .insecurePermissions(let path, let mode) = exposure {
      let digits = String(mode & 0o7777, radix: 8)
      let octal = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      what = "credential file '\(path)' is readable by others (mode \(octal))"
    } else {
      what = "\(exposure)"
    }
    switch action {
    case .delete:
      return what + ", so the credential may have leaked: ending its session and deleting the file"
    case .replace:
      return what + ", so the credential may have leaked: ending its session and replacing the "
        + "file"
    }
  }
}
