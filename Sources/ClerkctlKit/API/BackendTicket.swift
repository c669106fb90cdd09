import ClerkctlWire

/// A one-time sign-in ticket from the Backend API (a sign-in token `sit_…` or an actor token
/// `act_…`): its id, to revoke it, and the ticket to redeem with `strategy=ticket`.
package struct BackendTicket: Sendable, Equatable {
  package var id: String
  package var token: String
  /// The status Clerk gave it (`pending` when made), if it gave one.
  package var status: SignInTokenStatus?

  package init(id: String, token: String, status: SignInTokenStatus? = nil) {
    self.id = id
    self.token = token
    self.status = status
  }
}
