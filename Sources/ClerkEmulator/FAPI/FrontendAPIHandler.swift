/// The Frontend API (native-client protocol), its well-known documents and browser sign-in.
struct FrontendAPIHandler: EmulatorSurface {
  let services: EmulatorServices
}
