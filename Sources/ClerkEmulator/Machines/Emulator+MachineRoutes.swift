extension Emulator {
  /// The machine-authentication routes: machines under `/v1` (as Clerk's SDKs call them), M2M
  /// tokens under both `/v1/m2m_tokens…` (the spec's server, Python's SDK) and the unversioned
  /// `/m2m_tokens…` that Clerk's JS SDK calls (`skipApiVersionInUrl`).
  static let machineRoutes: [Route] = {
    func route(_ method: String, _ template: String, _ endpoint: MachineEndpoint) -> Route {
      Route(surface: .backend, method: method, template: template, endpoint: .machine(endpoint))
    }
    let machines = [
      route("GET", "/v1/machines", .listMachines),
      route("POST", "/v1/machines", .createMachine),
      route("GET", "/v1/machines/{machine_id}", .getMachine),
      route("PATCH", "/v1/machines/{machine_id}", .updateMachine),
      route("DELETE", "/v1/machines/{machine_id}", .deleteMachine),
      route("GET", "/v1/machines/{machine_id}/secret_key", .getSecretKey),
      route("POST", "/v1/machines/{machine_id}/secret_key/rotate", .rotateSecretKey),
      route("POST", "/v1/machines/{machine_id}/scopes", .createScope),
      route("DELETE", "/v1/machines/{machine_id}/scopes/{other_machine_id}", .deleteScope),
    ]
    let tokens: [(String, String, MachineEndpoint)] = [
      ("POST", "/m2m_tokens", .createToken),
      ("GET", "/m2m_tokens", .listTokens),
      ("POST", "/m2m_tokens/verify", .verifyToken),
      ("POST", "/m2m_tokens/{m2m_token_id}/revoke", .revokeToken),
    ]
    return machines
      + tokens.flatMap { method, path, endpoint in
        [route(method, "/v1" + path, endpoint), route(method, path, endpoint)]
      }
  }()
}
