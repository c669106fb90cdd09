import ClerkctlCore
import ClerkctlKit

extension TokenCommand {
  /// `token --output FILE [--watch]`: writes the token to FILE; with `--watch`, keeps FILE
  /// fresh until SIGINT/SIGTERM (exit 0, FILE kept) or the session ends (FILE removed, exit 4).
  func runWriting(_ context: CommandContext, to file: TokenFile) throws -> Int32 {
    try file.checkWritable()
    let format = self.format ?? .raw
    guard watch else {
      let result = try context.account().token(
        template: template, minTTL: minTTL, forceRefresh: forceRefresh)
      try file.write(Self.fileContent(result, format: format, template: template))
      return ExitCode.success.rawValue
    }
    return try watch(context, file, source: .user(try context.account(), template: template))
  }

  /// `--watch`: keeps `file` fresh with `source`'s tokens until SIGINT/SIGTERM or the end.
  func watch(_ context: CommandContext, _ file: TokenFile, source: TokenSource) throws -> Int32 {
    let format = self.format ?? .raw
    let wakeup = Wakeup()
    wakeup.wakeOnShutdownSignals()
    let renewal = TokenRenewal(minTTL: minTTL)
    let log = WatchLog(
      terminal: context.terminal, json: context.globals.json, profile: source.profile,
      file: file.path)
    let template = self.template
    let keeper = TokenKeeper(
      source: source, template: template, renewal: renewal, wakeup: wakeup
    ) { event in
      switch event {
      case .renewed(let result):
        do {
          try file.write(Self.fileContent(result, format: format, template: template))
          log.renewed(result, secondsLeft: source.secondsLeft(result))
        } catch {
          log.failed(error, retryIn: 0, secondsLeft: source.secondsLeft(result))
        }
      case .failed(let error, let retryIn, let secondsLeft):
        log.failed(error, retryIn: retryIn, secondsLeft: secondsLeft)
      case .expired:
        file.remove()
        log.expired()
      case .ended(let error):
        file.remove()
        log.ended(error)
      }
    }
    do {
      try keeper.start(forceRefresh: forceRefresh)
    } catch {
      if TokenKeeper.sessionEnded(error) { file.remove() }
      throw TokenKeeper.explain(error, renewal: renewal)
    }
    keeper.run()
    if let ended = keeper.endError { throw ended }
    return ExitCode.success.rawValue
  }

  /// What the file holds: the JWT alone (`raw`), `Authorization: Bearer JWT` (`header`) or
  /// the `--format json` object.
  static func fileContent(
    _ result: ClerkAccount.TokenResult, format: Format, template: String?
  ) -> String {
    switch format {
    case .header: "Authorization: Bearer \(result.token.jwt)"
    case .json: json(result, template: template).prettyEncoded + "\n"
    case .raw: result.token.jwt
    case .env: envLines(token: result.token.jwt, expiresAt: result.token.expiresAt) + "\n"
    }
  }
}
