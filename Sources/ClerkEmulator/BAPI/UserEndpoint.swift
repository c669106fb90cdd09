/// The Backend API's user endpoints beyond list, create and get (see
/// ``BackendAPIHandler/serveUser(_:_:body:store:now:)``).
enum UserEndpoint: Sendable, Equatable {
  case update, delete, ban, unban, lock, unlock, updateMetadata, verifyPassword
}
