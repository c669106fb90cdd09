import ClerkctlKit

/// The CLI's words for a stored credential that was refused because flags or environment name
/// another instance (`InstanceError.boundElsewhere`): the two ways out.
package enum InstanceBindingHint {
  /// The full message for `error` when it is such a refusal; `nil` for any other error.
  package static func message(for error: any Error) -> String? {
    guard case InstanceError.boundElsewhere(let profile, _, let requested, let source) = error
    else { return nil }
    let profileFlag = profile == ProfileName.defaultName ? "" : " --profile \(profile)"
    return "\(error). Pass --profile NAME for a profile signed in on \(requested), or sign this "
      + "profile in there with 'clerkctl login\(profileFlag)' (with the same \(source))"
  }
}
