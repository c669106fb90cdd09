import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import Foundation
import Testing

/// `clerkctl jwt decode` and `clerkctl jwt verify`, through the built binary.
@Suite struct JWTCommandTests {
  /// A second key, generated once per test run (generation is slow): its signatures must not
  /// verify under the RFC 7515 key's JWK.
  static let otherKey = Result { try RSAPrivateKey.generate() }

  let sandbox = CLIFixture.withoutEmulator()
  let directory = TemporaryDirectory(prefix: "clerkctl-jwt")
  let signer: JWTSigner
  /// The JWKS file holding `signer`'s public key.
  let jwksPath: String

  init() throws {
    signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "test-key")
    jwksPath = directory.file("jwks.json")
    try Self.jwks(signer).encoded.write(toFile: jwksPath, atomically: true, encoding: .utf8)
  }

  static func jwks(_ signer: JWTSigner) -> JSONValue { JWKS(keys: [signer.jwk]).json }

  static var now: Int64 { Int64(Date().timeIntervalSince1970) }

  /// Claims valid for the next ten minutes, plus `extra`.
  static func claims(_ extra: [String: JSONValue] = [:]) -> JSONValue {
    var claims: [String: JSONValue] = [
      "sub": "user_123", "iat": .int(now - 5), "exp": .int(now + 600),
    ]
    claims.merge(extra) { _, new in new }
    return .object(claims)
  }

  /// A token whose header and payload are exactly these, with `signature` (base64url) after.
  static func unsignedToken(header: JSONValue, payload: JSONValue, signature: String) -> String {
    Base64URL.encode(header.encodedBytes) + "." + Base64URL.encode(payload.encodedBytes) + "."
      + signature
  }

  // MARK: - Invalid tokens

  /// Tokens `jwt verify --jwks FILE` must refuse, and what the reason must say.
  enum BadToken: String, CaseIterable, Sendable {
    case expired, notYetValid, wrongAudience, otherKey, algNone, hmacWithPublicKey, unknownKid
    case tamperedPayload, garbage, badBase64

    func token(_ test: JWTCommandTests) throws -> String {
      let now = JWTCommandTests.now
      switch self {
      case .expired:
        return try test.signer.sign(
          claims: claims(["iat": .int(now - 7200), "exp": .int(now - 3600)]))
      case .notYetValid:
        return try test.signer.sign(claims: claims(["nbf": .int(now + 3600)]))
      case .wrongAudience:
        return try test.signer.sign(claims: claims(["aud": ["other", "another"]]))
      case .otherKey:
        let key = try JWTCommandTests.otherKey.get()
        return try JWTSigner(key: key, kid: "test-key").sign(claims: claims())
      case .algNone:
        return unsignedToken(
          header: ["alg": "none", "typ": "JWT"], payload: claims(), signature: "")
      case .hmacWithPublicKey:
        // The classic confusion attack: HS256 keyed with the public key's JWK JSON.
        let header: JSONValue = ["alg": "HS256", "kid": "test-key", "typ": "JWT"]
        let input =
          Base64URL.encode(header.encodedBytes) + "." + Base64URL.encode(claims().encodedBytes)
        let mac = HMAC.sha256(key: test.signer.jwk.json.encodedBytes, message: Array(input.utf8))
        return input + "." + Base64URL.encode(mac)
      case .unknownKid:
        return try JWTSigner(key: test.signer.key, kid: "rotated-away").sign(claims: claims())
      case .tamperedPayload:
        let parts = try test.signer.sign(claims: claims()).split(separator: ".")
        let forged = Base64URL.encode(claims(["sub": "user_admin"]).encodedBytes)
        return "\(parts[0]).\(forged).\(parts[2])"
      case .garbage:
        return "this is not a token"
      case .badBase64:
        let parts = try test.signer.sign(claims: claims()).split(separator: ".")
        return "\(parts[0]).\(parts[1])+/=.\(parts[2])"
      }
    }

    var extraArguments: [String] { self == .wrongAudience ? ["--audience", "convex"] : [] }

    var reason: String {
      switch self {
      case .expired: "token expired 1h ago"
      case .notYetValid: "token is not valid yet"
      case .wrongAudience: "wrong audience: expected 'convex', got 'other', 'another'"
      case .otherKey, .tamperedPayload: "token signature is invalid"
      case .algNone: "algorithm 'none' is not allowed"
      case .hmacWithPublicKey: "algorithm 'HS256' is not allowed"
      case .unknownKid: "no key with kid 'rotated-away'"
      case .garbage: "malformed token: expected 3 dot-separated parts"
      case .badBase64: "malformed token: the payload is not valid base64url"
      }
    }
  }

  @Test(
    "verify refuses an invalid token with exit 9, the reason and an empty stdout",
    arguments: BadToken.allCases)
  func refusesInvalidToken(_ bad: BadToken) async throws {
    let token = try bad.token(self)
    let result = try await sandbox.run(
      ["jwt", "verify", "--jwks", jwksPath] + bad.extraArguments + [token])
    #expect(result.status == 9, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("clerkctl: " + bad.reason), "\(result.stderr)")
  }

  // MARK: - Valid tokens

  @Test("verify accepts a good token from the argument, from - and from piped stdin")
  func acceptsGoodToken() async throws {
    let token = try signer.sign(claims: Self.claims(["aud": ["convex", "other"]]))
    for (arguments, stdin) in [([token], nil), (["-"], "  \(token)\n"), ([], token + "\r\n")] {
      let result = try await sandbox.run(
        ["jwt", "verify", "--jwks", jwksPath, "--audience", "convex"] + arguments, stdin: stdin)
      #expect(result.status == 0, "\(result.stderr)")
      let claims = try JSONValue(parsing: result.stdout)
      #expect(claims["sub"] == "user_123")
      #expect(result.stdout.hasSuffix("}\n"))
    }
  }

  @Test("--leeway accepts a token that expired within it")
  func leewayAcceptsJustExpired() async throws {
    let token = try signer.sign(claims: Self.claims(["exp": .int(Self.now - 30)]))
    let strict = try await sandbox.run(["jwt", "verify", "--jwks", jwksPath, token])
    #expect(strict.status == 9)
    #expect(strict.stderr.contains("token expired"))
    let lenient = try await sandbox.run([
      "jwt", "verify", "--jwks", jwksPath, "--leeway", "300", token,
    ])
    #expect(lenient.status == 0, "\(lenient.stderr)")
    #expect(try JSONValue(parsing: lenient.stdout)["sub"] == "user_123")
  }

  @Test("verify without a token: exit 2 when stdin is empty")
  func missingToken() async throws {
    let result = try await sandbox.run(["jwt", "verify", "--jwks", jwksPath], stdin: "\n")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no token on standard input"))
  }

  @Test("a JWKS file that is missing is exit 3; one that is not a JWKS is exit 9")
  func badJWKSFile() async throws {
    let token = try signer.sign(claims: Self.claims())
    let missing = try await sandbox.run([
      "jwt", "verify", "--jwks", directory.file("nope.json"), token,
    ])
    #expect(missing.status == 3)
    #expect(missing.stdout.isEmpty)
    #expect(missing.stderr.contains("cannot read the JWKS file"))
    let bogusPath = directory.file("bogus.json")
    try "{\"not\": \"keys\"}".write(toFile: bogusPath, atomically: true, encoding: .utf8)
    let bogus = try await sandbox.run(["jwt", "verify", "--jwks", bogusPath, token])
    #expect(bogus.status == 9)
    #expect(bogus.stdout.isEmpty)
    #expect(bogus.stderr.contains("no 'keys' array"))
  }

  @Test("no --jwks or --issuer and no signed-in profile is exit 2, saying what to pass")
  func noIssuerToDiscover() async throws {
    let result = try await sandbox.run(["jwt", "verify", try signer.sign(claims: Self.claims())])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("pass --issuer https://YOUR-FRONTEND-API-HOST or --jwks"))
  }

  @Test("--jwks with plain http to a host that is not loopback is refused with exit 3")
  func insecureJWKSURL() async throws {
    let token = try signer.sign(claims: Self.claims())
    let result = try await sandbox.run([
      "jwt", "verify", "--jwks", "http://example.com/jwks", token,
    ])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  // MARK: - Keys over HTTP

  /// A loopback OIDC issuer serving discovery and its JWKS; the issuer is the URL it is
  /// reached at.
  func startIssuer() throws -> HTTPServer {
    let jwks = Self.jwks(signer).encodedBytes
    let server = HTTPServer { request in
      let issuer = "http://" + (request.headers["Host"] ?? "127.0.0.1")
      let json: HTTPHeaders = ["Content-Type": "application/json"]
      switch request.path {
      case "/.well-known/openid-configuration":
        let document: JSONValue = [
          "issuer": .string(issuer), "jwks_uri": .string(issuer + "/jwks.json"),
        ]
        return HTTPServerResponse(
          HTTPResponse(status: 200, headers: json, body: document.encodedBytes))
      case "/jwks.json":
        return HTTPServerResponse(HTTPResponse(status: 200, headers: json, body: jwks))
      default:
        return HTTPServerResponse(HTTPResponse(status: 404))
      }
    }
    try server.start()
    return server
  }

  @Test("verify finds the keys by discovery from --issuer, or at a --jwks URL")
  func keysOverHTTP() async throws {
    let server = try startIssuer()
    defer { server.stop() }
    let issuer = "http://127.0.0.1:\(server.port)"
    let token = try signer.sign(claims: Self.claims(["iss": .string(issuer)]))
    let runs = [
      ["jwt", "verify", "--issuer", issuer, token],
      ["jwt", "verify", "--issuer", issuer + "/", token],
      ["jwt", "verify", "--jwks", issuer + "/jwks.json", token],
    ]
    for arguments in runs {
      let result = try await sandbox.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(try JSONValue(parsing: result.stdout)["iss"] == .string(issuer))
    }
  }

  @Test("through discovery, the token's iss must be the issuer the keys came from")
  func discoveryRequiresIssuer() async throws {
    let server = try startIssuer()
    defer { server.stop() }
    let issuer = "http://127.0.0.1:\(server.port)"
    let token = try signer.sign(claims: Self.claims(["iss": "https://someone-else.example"]))
    let result = try await sandbox.run(["jwt", "verify", "--issuer", issuer, token])
    #expect(result.status == 9)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("wrong issuer: expected '\(issuer)'"))
  }

  @Test("discovery from an issuer that is down is exit 5")
  func discoveryServerDown() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let issuer = refusing.url
    let token = try signer.sign(claims: Self.claims(["iss": .string(issuer)]))
    let result = try await sandbox.run(["jwt", "verify", "--issuer", issuer, token])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  // MARK: - decode

  @Test("decode prints header and payload and notes that nothing was verified")
  func decodePrints() async throws {
    let token = try signer.sign(claims: Self.claims(["aud": "convex"]))
    let result = try await sandbox.run(["jwt", "decode", token])
    #expect(result.status == 0)
    let decoded = try JSONValue(parsing: result.stdout)
    #expect(decoded["header"]?["alg"] == "RS256")
    #expect(decoded["header"]?["kid"] == "test-key")
    #expect(decoded["payload"]?["aud"] == "convex")
    #expect(result.stderr.contains("NOT verified"))
    let piped = try await sandbox.run(["jwt", "decode"], stdin: token + "\n")
    #expect(piped.status == 0)
    #expect(piped.stdout == result.stdout)
  }

  @Test("decode refuses garbage with exit 9 and an empty stdout")
  func decodeGarbage() async throws {
    let result = try await sandbox.run(["jwt", "decode", "garbage.in"])
    #expect(result.status == 9)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("malformed token"))
  }
}
