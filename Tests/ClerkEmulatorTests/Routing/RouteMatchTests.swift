import Testing

@testable import ClerkEmulator

@Suite("Route matching")
struct RouteMatchTests {
  let route = Route(
    surface: .frontend, method: "POST",
    template: "/v1/client/sessions/{session_id}/tokens/{template_name}",
    endpoint: .frontend(.session(.templateToken)))

  @Test("decodes the path parameters, with + kept as it is")
  func parameters() {
    #expect(
      route.match(path: "/v1/client/sessions/sess_1/tokens/my%20tmpl+x")
        == ["session_id": "sess_1", "template_name": "my tmpl+x"])
    #expect(
      route.match(segments: Route.segments(of: "/v1/client/sessions/s/tokens/t"))
        == ["session_id": "s", "template_name": "t"])
  }

  @Test(
    "refuses another literal, an empty parameter, fewer or more segments",
    arguments: [
      "/v1/client/sessions/sess_1/token/convex", "/v1/client/sessions//tokens/convex",
      "/v1/client/sessions/sess_1/tokens", "/v1/client/sessions/sess_1/tokens/convex/x",
      "/v1/client/sessions/sess_1/tokens/convex/", "", "/",
    ])
  func refusals(path: String) {
    #expect(route.match(path: path) == nil)
  }

  @Test("follows a changed template")
  func changedTemplate() {
    var changed = route
    changed.template = "/v1/me"
    #expect(changed.match(path: "/v1/me") == [:])
    #expect(changed.match(path: "/v1/client/sessions/s/tokens/t") == nil)
  }

  @Test("every route's endpoint is of its surface's enum, and no two routes share method and path")
  func endpointsBelongToTheirSurface() {
    for route in Emulator.routes {
      let surfaces: [Route.Surface]
      switch route.endpoint {
      case .frontend: surfaces = [.frontend]
      case .backend, .machine: surfaces = [.backend]
      case .convex: surfaces = [.convex]
      case .testSurface: surfaces = [.testSurface]
      case .credential: surfaces = [.frontend, .backend]
      case .oauth: surfaces = [.frontend, .backend, .resource]
      }
      #expect(surfaces.contains(route.surface), "\(route.method) \(route.template)")
      #expect(
        route.template.hasPrefix("/__emulator/") == (route.surface == .testSurface),
        "\(route.method) \(route.template)")
    }
    let keys = Emulator.routes.map { "\($0.surface) \($0.method) \($0.template)" }
    #expect(Set(keys).count == keys.count)
  }
}
