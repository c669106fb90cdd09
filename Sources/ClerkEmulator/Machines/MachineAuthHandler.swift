import ClerkctlCore

/// Machines and machine-to-machine tokens (Backend API): `/v1/machines…` with the instance
/// secret key, `/m2m_tokens…` (and `/v1/m2m_tokens…`) with a machine secret key or, where Clerk
/// allows it, the instance secret key.
struct MachineAuthHandler: EmulatorSurface {
  /// Who a request authenticated as.
  enum Caller: Equatable {
    /// The instance secret key (`sk_…`).
    case instance
    /// A machine's secret key (`ak_…`): the machine's id.
    case machine(String)
  }

  /// What a handler decided under the lock: a reply, or a JWT to sign outside it whose
  /// string becomes the reply's `token`.
  enum Outcome {
    case reply(JSONValue, status: Int)
    case signJWT(claims: JSONValue, reply: JSONValue)
  }

  let services: EmulatorServices
}
