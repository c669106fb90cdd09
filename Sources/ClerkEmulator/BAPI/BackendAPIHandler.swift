/// The Backend API subset (`Authorization: Bearer sk_…`, JSON bodies, no envelope).
struct BackendAPIHandler: EmulatorSurface {
  let services: EmulatorServices
}
