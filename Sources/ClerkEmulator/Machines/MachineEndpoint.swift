/// The machine-authentication endpoints of the Backend API (see ``MachineAuthHandler``).
enum MachineEndpoint: Sendable, Equatable {
  /// `/v1/machines…`, with the instance secret key.
  case listMachines, createMachine, getMachine, updateMachine, deleteMachine
  case getSecretKey, rotateSecretKey, createScope, deleteScope
  /// `/m2m_tokens…` and `/v1/m2m_tokens…`: create with a machine secret only; list, revoke and
  /// verify with a machine secret or the instance secret key.
  case createToken, listTokens, revokeToken, verifyToken
}
