import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

/// Operations (method + path template) read from a Clerk OpenAPI YAML file with a line
/// scanner: paths are keys at 2-space indent under `paths:`, methods keys at 4-space indent.
private struct SpecOperations {
  let operations: Set<String>

  init(file: String) throws {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let url = root.appendingPathComponent("clerk-openapi").appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    let methods: Set<String> = ["get", "post", "put", "patch", "delete", "head", "options"]
    var inPaths = false
    var currentPath: String?
    var found: Set<String> = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") && !line.isEmpty {
        inPaths = line.hasPrefix("paths:")
        currentPath = nil
        continue
      }
      guard inPaths else { continue }
      if line.hasPrefix("  /"), !line.hasPrefix("   ") {
        let key = line.dropFirst(2).split(separator: ":", maxSplits: 1).first.map(String.init)
        currentPath = key?.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
      } else if line.hasPrefix("    "), !line.hasPrefix("     "), let currentPath {
        let key = line.dropFirst(4).split(separator: ":", maxSplits: 1).first.map(String.init)
        if let key, methods.contains(key) { found.insert(key.uppercased() + " " + currentPath) }
      }
    }
    operations = found
  }
}

@Suite("Route table against Clerk's OpenAPI specs")
struct RouteSpecTests {
  @Test("the scanner reads both specs")
  func scanner() throws {
    let fapi = try SpecOperations(file: "fapi-2026-05-12.yml")
    let bapi = try SpecOperations(file: "bapi-2026-05-12.yml")
    #expect(fapi.operations.contains("POST /v1/client/sign_ins"))
    #expect(bapi.operations.contains("GET /users"))
    #expect(fapi.operations.contains("DELETE /v1/client"))
    #expect(bapi.operations.contains("POST /sign_in_tokens/{sign_in_token_id}/revoke"))
    // Not operations: the scanner must not invent them (no DELETE on one session in FAPI; BAPI
    // paths carry no /v1).
    #expect(!fapi.operations.contains("DELETE /v1/client/sessions/{session_id}"))
    #expect(!bapi.operations.contains("GET /v1/users"))
    #expect(fapi.operations.count > 100)
    #expect(bapi.operations.count > 100)
  }

  @Test("every Frontend and Backend API route is an operation of Clerk's spec")
  func routesInSpec() throws {
    let fapi = try SpecOperations(file: "fapi-2026-05-12.yml")
    let bapi = try SpecOperations(file: "bapi-2026-05-12.yml")
    for route in Emulator.routes {
      switch route.surface {
      case .frontend:
        #expect(
          fapi.operations.contains("\(route.method) \(route.template)"),
          "\(route.method) \(route.template) is not in the FAPI spec")
      case .backend:
        // Clerk's JS SDK calls the machine-token groups without /v1; everything else has it.
        let unversioned = Self.unversionedGroups.contains { route.template.hasPrefix($0) }
        #expect(route.template.hasPrefix("/v1/") || unversioned, "\(route.template)")
        let specPath =
          route.template.hasPrefix("/v1/") ? String(route.template.dropFirst(3)) : route.template
        #expect(
          bapi.operations.contains("\(route.method) \(specPath)"),
          "\(route.method) \(specPath) is not in the BAPI spec")
      case .convex, .testSurface, .resource:
        break
      }
    }
  }

  @Test("the exempt routes are exactly the Convex API, the test surface and the protected resource")
  func exempt() {
    let exempt = Emulator.routes.filter {
      $0.surface == .convex || $0.surface == .testSurface || $0.surface == .resource
    }
    .map { "\($0.method) \($0.template)" }
    #expect(
      exempt == [
        "POST /api/query", "POST /api/mutation", "POST /api/action",
        "GET /__emulator/requests", "DELETE /__emulator/requests", "POST /__emulator/faults",
        "POST /__emulator/sessions/{session_id}/revoke", "GET /__emulator/emails",
        "GET /__emulator/oauth/authorize", "POST /__emulator/jwt_templates/{name}",
        "POST /__emulator/clock", "POST /__emulator/oauth/consent",
        "POST /__emulator/oauth/applications/{client_id}",
        "GET /.well-known/oauth-protected-resource",
        "GET /.well-known/oauth-protected-resource/mcp", "GET /mcp", "POST /mcp",
      ])
  }

  /// The route groups Clerk's JS SDK calls without `/v1` (`skipApiVersionInUrl`).
  static let unversionedGroups = ["/m2m_tokens", "/api_keys", "/oauth_applications/access_tokens"]

  @Test("M2M token routes are served under /v1 and without it; machines only under /v1")
  func machineRoutePrefixes() {
    let backend = Emulator.routes.filter { $0.surface == .backend }.map {
      "\($0.method) \($0.template)"
    }
    for operation in [
      "POST /m2m_tokens", "GET /m2m_tokens", "POST /m2m_tokens/verify",
      "POST /m2m_tokens/{m2m_token_id}/revoke",
    ] {
      #expect(backend.contains(operation))
      let versioned = operation.replacingOccurrences(of: " /", with: " /v1/")
      #expect(backend.contains(versioned))
    }
    #expect(backend.contains("POST /v1/machines"))
    #expect(!backend.contains("POST /machines"))
  }

  @Test("FAPI and BAPI share /v1: a secret-key bearer selects the Backend API")
  func surfaceSelection() throws {
    let harness = try EmulatorHarness()
    // No FAPI route is /v1/users, so without a key it is BAPI's 401.
    #expect(harness.send("GET", "/v1/users?_is_native=true").status == 401)
    // With the key, a FAPI-only path is not served as FAPI.
    #expect(harness.bapi("GET", "/v1/environment").status == 404)
    #expect(harness.send("GET", "/v1/environment").status == 200)
    #expect(harness.send("PUT", "/v1/environment").status == 405)
  }
}
