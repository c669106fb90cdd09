/// The Convex-style function API (`/api/query|mutation|action`).
struct ConvexHandler: EmulatorSurface {
  let services: EmulatorServices
}
