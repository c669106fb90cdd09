import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation

/// Talks to an emulator's test surface and Backend API (over loopback HTTP, or in memory).
public struct EmulatorAdmin: Sendable {
  /// One entry of the emulator's request log.
  public struct LoggedRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var status: Int
  }

  public let baseURL: String
  public let secretKey: String
  /// The run's test token, sent with every test-surface request.
  public let testToken: String
  private let http: HTTPClient
  /// Whether requests go over loopback to a child (and so wait on it).
  private let waitsOnChild: Bool

  /// The admin of an emulator child process, over loopback.
  public init(_ emulator: EmulatorProcess) {
    self.init(
      baseURL: emulator.fapiURL, secretKey: emulator.secretKey, testToken: emulator.testToken,
      http: .curl(), waitsOnChild: true)
  }

  /// The admin of an emulator in this process, in memory.
  public init(_ emulator: InMemoryEmulator) {
    self.init(
      baseURL: emulator.fapiURL, secretKey: emulator.secretKey, testToken: emulator.testToken,
      http: emulator.http)
  }

  package init(
    baseURL: String, secretKey: String, testToken: String, http: HTTPClient,
    waitsOnChild: Bool = false
  ) {
    self.baseURL = baseURL
    self.secretKey = secretKey
    self.testToken = testToken
    self.http = http
    self.waitsOnChild = waitsOnChild
  }

  /// The request log, oldest first.
  public func requests() throws -> [LoggedRequest] {
    let json = try send("GET", "/__emulator/requests")
    let list = json.arrayValue ?? json["requests"]?.arrayValue ?? []
    return list.compactMap { item in
      guard let method = item["method"]?.stringValue, let path = item["path"]?.stringValue,
        let status = item["status"]?.intValue
      else { return nil }
      return LoggedRequest(method: method, path: path, status: Int(status))
    }
  }

  /// The logged requests whose path contains `fragment`.
  public func requests(containing fragment: String) throws -> [LoggedRequest] {
    try requests().filter { $0.path.contains(fragment) }
  }

  /// Empties the request log.
  public func clearRequests() throws {
    _ = try send("DELETE", "/__emulator/requests")
  }

  /// Revokes a session server-side.
  public func revoke(sessionID: String) throws {
    _ = try send("POST", "/__emulator/sessions/\(sessionID)/revoke", body: [:])
  }

  /// Sets how many seconds a template's tokens live (`session`: the session token), below
  /// Clerk's 30 s minimum if need be.
  public func setTokenLifetime(template: String, seconds: Int) throws {
    _ = try send(
      "POST", "/__emulator/jwt_templates/\(template)", body: ["lifetime": .int(Int64(seconds))])
  }

  /// Queues a fault (see the emulator's `POST /__emulator/faults`).
  package func fault(_ fault: JSONValue) throws {
    _ = try send("POST", "/__emulator/faults", body: fault)
  }

  /// The user id for an email address (Backend API).
  public func userID(email: String) throws -> String {
    let json = try send(
      "GET", "/v1/users?email_address=\(FormEncoding.escape(email))", secret: true)
    guard let id = json.arrayValue?.first?["id"]?.stringValue else {
      throw AdminError(message: "no user \(email)")
    }
    return id
  }

  /// A sign-in token (ticket) for `userID` (Backend API).
  public func signInToken(userID: String) throws -> String {
    let json = try send(
      "POST", "/v1/sign_in_tokens", body: ["user_id": .string(userID)], secret: true)
    guard let token = json["token"]?.stringValue else {
      throw AdminError(message: "no token in \(json.encoded)")
    }
    return token
  }

  func send(
    _ method: String, _ path: String, body: JSONValue? = nil, secret: Bool = false
  )
    throws -> JSONValue
  {
    var request = HTTPRequest(method: method, url: baseURL + path)
    if secret { request.headers.add(name: "Authorization", value: "Bearer \(secretKey)") }
    if path.hasPrefix("/__emulator/") {
      request.headers.add(name: "X-Emulator-Token", value: testToken)
    }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = body.encodedBytes
    }
    if waitsOnChild { expectOffCooperativePool("EmulatorAdmin \(method) \(path)") }
    let response = try http.send(request)
    guard response.isSuccess else {
      throw AdminError(message: "\(method) \(path): HTTP \(response.status) \(response.bodyText)")
    }
    return response.body.isEmpty ? .null : try JSONValue(parsing: response.body)
  }
}

extension EmulatorAdmin {
  /// The email codes sent to `address`, oldest first (`GET /__emulator/emails?to=`).
  package func emailCodes(to address: String) throws -> [String] {
    let encoded = address.replacingOccurrences(of: "@", with: "%40")
    let json = try send("GET", "/__emulator/emails?to=" + encoded)
    return (json.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
  }

  /// ``emailCodes(to:)``, awaited.
  package func emailCodes(to address: String) async throws -> [String] {
    try await onOwnThread { try emailCodes(to: address) }
  }

  /// ``requests()`` on a thread of its own (the request may wait on a child emulator), awaited.
  public func requests() async throws -> [LoggedRequest] {
    try await onOwnThread { try requests() }
  }

  /// ``requests(containing:)``, awaited.
  public func requests(containing fragment: String) async throws -> [LoggedRequest] {
    try await onOwnThread { try requests(containing: fragment) }
  }

  /// ``clearRequests()``, awaited.
  public func clearRequests() async throws {
    try await onOwnThread { try clearRequests() }
  }

  /// ``revoke(sessionID:)``, awaited.
  public func revoke(sessionID: String) async throws {
    try await onOwnThread { try revoke(sessionID: sessionID) }
  }

  /// ``setTokenLifetime(template:seconds:)``, awaited.
  public func setTokenLifetime(template: String, seconds: Int) async throws {
    try await onOwnThread { try setTokenLifetime(template: template, seconds: seconds) }
  }

  /// ``fault(_:)``, awaited.
  package func fault(_ fault: JSONValue) async throws {
    try await onOwnThread { try self.fault(fault) }
  }

  /// ``userID(email:)``, awaited.
  public func userID(email: String) async throws -> String {
    try await onOwnThread { try userID(email: email) }
  }

  /// ``signInToken(userID:)``, awaited.
  public func signInToken(userID: String) async throws -> String {
    try await onOwnThread { try signInToken(userID: userID) }
  }
}

/// A test-surface call failed.
public struct AdminError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
