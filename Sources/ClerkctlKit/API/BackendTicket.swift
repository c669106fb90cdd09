/// A one-time sign-in ticket from the Backend API (a sign-in token `sit_…` or an actor token
/// `act_…`): its id, to revoke it, and the ticket to redeem with `strategy=ticket`.
package struct BackendTicket: Sendable, Equatable {
  package var id: String
  package var token: String

  package init(id: String, token: String) {
    self.id = id
    self.token = token
  }
}
