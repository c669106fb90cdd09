import ClerkTestSupport
import Dispatch
import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlCrypto

@Suite("RSA keys over OpenSSL EVP")
struct RSAKeyTests {
  @Test("the RFC 7515 A.2 public key verifies the RFC's RS256 signature")
  func rfcVerify() throws {
    let key = try RFC7515Key.publicKey()
    #expect(key.bits == 2048)
    #expect(key.exponent == [0x01, 0x00, 0x01])
    #expect(Base64URL.encode(key.modulus) == RFC7515Key.n)
    let signature = try #require(Base64URL.decode(RFC7515Key.encodedSignature))
    #expect(key.verifyRS256(signature: signature, message: RFC7515Key.signingInput))
  }

  @Test("the RFC 7515 A.2 private key reproduces the RFC's signature byte for byte")
  func rfcSign() throws {
    let key = try RFC7515Key.privateKey()
    let signature = try key.signRS256(RFC7515Key.signingInput)
    #expect(Base64URL.encode(signature) == RFC7515Key.encodedSignature)
    #expect(key.publicKey.modulus == (try RFC7515Key.publicKey()).modulus)
  }

  @Test("a changed message or signature does not verify, and verify never throws")
  func tampered() throws {
    let key = try RFC7515Key.publicKey()
    let signature = try #require(Base64URL.decode(RFC7515Key.encodedSignature))
    var message = RFC7515Key.signingInput
    message[message.count - 1] ^= 0x01
    #expect(!key.verifyRS256(signature: signature, message: message))
    var flipped = signature
    flipped[10] ^= 0x80
    #expect(!key.verifyRS256(signature: flipped, message: RFC7515Key.signingInput))
    #expect(!key.verifyRS256(signature: Array(signature.dropLast()), message: message))
    #expect(!key.verifyRS256(signature: [], message: []))
  }

  @Test("a generated key signs, verifies, and survives a PEM round trip")
  func generateAndPEM() throws {
    let key = try RSAPrivateKey.generate()
    #expect(key.publicKey.bits == 2048)
    let message = Array("hello".utf8)
    let signature = try key.signRS256(message)
    #expect(signature.count == 256)
    #expect(key.publicKey.verifyRS256(signature: signature, message: message))

    let pem = try key.pemRepresentation()
    #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
    let reloaded = try RSAPrivateKey(pem: pem)
    #expect(try reloaded.pemRepresentation() == pem)
    #expect(reloaded.publicKey.modulus == key.publicKey.modulus)
    #expect(try reloaded.signRS256(message) == signature)

    let publicPEM = try key.publicKey.pemRepresentation()
    #expect(publicPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
    let publicKey = try RSAPublicKey(pem: publicPEM)
    #expect(publicKey.modulus == key.publicKey.modulus)
    #expect(publicKey.verifyRS256(signature: signature, message: message))
    #expect(!(try RFC7515Key.publicKey()).verifyRS256(signature: signature, message: message))
  }

  @Test("an empty message signs and verifies")
  func emptyMessage() throws {
    let key = try RFC7515Key.privateKey()
    let signature = try key.signRS256([])
    #expect(key.publicKey.verifyRS256(signature: signature, message: []))
  }

  @Test("signing from many threads at once needs no lock")
  func concurrentSigning() throws {
    let key = try RFC7515Key.privateKey()
    let expected = try key.signRS256(RFC7515Key.signingInput)
    let results = ResultBox(count: 16)
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      results.set(index, (try? key.signRS256(RFC7515Key.signingInput)) == expected)
    }
    #expect(results.all)
  }

  @Test("reused signing contexts keep every signature byte-exact, past the idle cap too")
  func reusedContexts() throws {
    let key = try RFC7515Key.privateKey()
    let other = Array("another message".utf8)
    let otherSignature = try key.signRS256(other)
    #expect(key.publicKey.verifyRS256(signature: otherSignature, message: other))
    // One after another: each signature takes the context the one before gave back.
    for _ in 0..<4 {
      let signature = try key.signRS256(RFC7515Key.signingInput)
      #expect(Base64URL.encode(signature) == RFC7515Key.encodedSignature)
      #expect(try key.signRS256(other) == otherSignature)
    }
    // More at once than contexts are kept idle: the extra ones are made, used and dropped.
    let count = RSAPrivateKey.maxIdleContexts * 2
    let results = ResultBox(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let message = index.isMultiple(of: 2) ? RFC7515Key.signingInput : other
      let expected =
        index.isMultiple(of: 2) ? Base64URL.decode(RFC7515Key.encodedSignature) : otherSignature
      results.set(index, (try? key.signRS256(message)) == expected)
    }
    #expect(results.all)
  }

  @Test("keys under 2048 bits are refused")
  func tooSmall() throws {
    #expect(throws: CryptoError.keyTooSmall(bits: 1024, minimum: 2048)) {
      try RSAPrivateKey.generate(bits: 1024)
    }
    let modulus = Array(try #require(Base64URL.decode(RFC7515Key.n)).prefix(128))
    #expect(throws: CryptoError.keyTooSmall(bits: 1024, minimum: 2048)) {
      try RSAPublicKey(modulus: modulus, exponent: [1, 0, 1])
    }
  }

  @Test("empty components and malformed PEMs are refused with the failing call named")
  func malformed() throws {
    #expect(throws: CryptoError.invalidKeyComponent("the exponent is empty or zero")) {
      try RSAPublicKey(modulus: [1, 2, 3], exponent: [])
    }
    do {
      _ = try RSAPrivateKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
      Issue.record("a garbage PEM was accepted")
    } catch let CryptoError.openSSL(error) {
      #expect(error.operation == "PEM_read_bio_PrivateKey")
      #expect(error.description.hasPrefix("OpenSSL PEM_read_bio_PrivateKey failed"))
    }
    let publicPEM = try RFC7515Key.publicKey().pemRepresentation()
    #expect(throws: CryptoError.self) { try RSAPrivateKey(pem: publicPEM) }
    #expect(throws: CryptoError.self) { try RSAPublicKey(pem: "") }
  }

  @Test("an OpenSSL error describes an empty queue honestly")
  func emptyQueue() {
    let error = OpenSSLError(operation: "EVP_PKEY_fromdata", queue: [])
    #expect(error.description == "OpenSSL EVP_PKEY_fromdata failed (no error was queued)")
  }
}

/// Collects one Boolean per concurrent iteration.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Bool]

  init(count: Int) { values = Array(repeating: false, count: count) }

  func set(_ index: Int, _ value: Bool) { lock.withLock { values[index] = value } }

  var all: Bool { lock.withLock { values.allSatisfy { $0 } } }
}
