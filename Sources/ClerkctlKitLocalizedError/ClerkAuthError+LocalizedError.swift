import ClerkctlKit
import FoundationEssentials

/// `ClerkAuthError` is a `LocalizedError`: its ``ClerkAuthError/errorDescription`` is its
/// `description`, so an app's `error.localizedDescription` reads what failed.
///
/// A module of its own, in both library products (an app gets it with ClerkctlKit) but not in
/// clerkctl: `LocalizedError` is declared in FoundationEssentials' `CocoaError` object, and
/// referring to it links most of that library into a binary with the Swift runtime linked
/// statically (time zones, URL parsing, the file manager: +5 MB stripped, ~1,300 protocol
/// conformances, which every conformance lookup at clerkctl's start then scans; a cache hit ran
/// 0.4 M instructions more).
extension ClerkAuthError: LocalizedError {}
