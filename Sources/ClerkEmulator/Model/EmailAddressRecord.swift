import Foundation

/// A user's additional email address (`idn_…`), added over the Backend API. The primary one
/// lives on the ``UserRecord`` (`emailAddressID`, `emailAddress`); making another primary swaps
/// them.
struct EmailAddressRecord: Sendable, Equatable {
  var id: String
  var userID: String
  var emailAddress: String
  var verified: Bool
  var createdAt: Int64
  var updatedAt: Int64
}
