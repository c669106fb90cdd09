/// The loopback-only test surface under `/__emulator/`, including the fake OAuth provider page.
struct TestSurfaceHandler: EmulatorSurface {
  let services: EmulatorServices
  /// Revokes sessions as the Backend API does.
  let backend: BackendAPIHandler
}
