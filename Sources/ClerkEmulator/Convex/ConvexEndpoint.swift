/// The emulator's Convex-style function API (see ``ConvexHandler``): `POST /api/query`,
/// `/api/mutation` and `/api/action`.
enum ConvexEndpoint: Sendable, Equatable {
  case query, mutation, action
}
