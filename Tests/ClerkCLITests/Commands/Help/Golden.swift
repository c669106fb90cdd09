/// Help texts checked by hand; update them deliberately when the declarations change.
enum Golden {
  static let token = """
    OVERVIEW: Print a JWT for the signed-in session.

    Reuses a cached token while it has at least --min-ttl seconds left; otherwise
    mints one with a single request and caches it. Never prompts and never signs in.
    --json (or --format json) prints {schema_version, profile, jwt, template,
    user_id, session_id, issued_at, expires_at, expires_in, cached}: times in epoch
    seconds, cached true when no request was made. --json with --format raw or
    header is a usage error.

    --output FILE writes the token to FILE instead (0600, replaced atomically; in
    --format, the JWT alone by default). With --watch, clerkctl keeps FILE fresh
    until SIGINT or SIGTERM (exit 0, FILE kept): it writes a new token before the
    old one has less than --min-ttl seconds left, keeps the old one while a renewal
    fails and retries with backoff, and prints one line per renewal or failure on
    stderr (--json: one JSON object per line: {schema_version, profile, event, file,
    …}). When the session ends it removes FILE and exits 4. Watchers and token calls
    on one profile share each mint.

    On a machine profile (clerkctl login --machine) it prints an M2M token:
    --token-format opaque|jwt (default opaque), --ttl SECONDS, --claims JSON|@FILE;
    cached per (format, ttl, claims); an opaque creation sends
    min_remaining_ttl_seconds = --min-ttl so Clerk reuses a live token across
    runners; --min-ttl not below --ttl is a usage error before anything is sent;
    --template is a usage error. --json prints {schema_version, profile, kind,
    token, token_format, token_id, subject, scopes, expires_at, expires_in, cached}.

    On an OAuth profile (clerkctl login --client-id, clerkctl mcp login) it prints
    the access token, refreshed with the refresh token when less than --min-ttl is
    left (one refresh however many processes ask; a rotated refresh token is stored
    atomically); --id-token prints the ID token. --json prints {schema_version,
    profile, kind, token, token_type, client_id, scopes, issued_at, expires_at,
    expires_in, cached}. An access token is an OAuth token (typ at+jwt), not a
    session token: send it to backends that accept OAuth tokens (Clerk's
    acceptsToken 'oauth_token', MCP servers), not to Convex.

    USAGE: clerkctl token [<options>]

    OPTIONS:
      -t, --template <name>     Mint from this JWT template (convex for Convex);
                                default the session token.
      --min-ttl <seconds>       Reuse a cached token only while it has this many
                                seconds left. (default: 10)
      --force-refresh           Always mint a new token.
      --format <format>         raw: the JWT; header: Authorization: Bearer JWT;
                                json: the JWT and its times. (values: raw, header,
                                json, env; default: raw)
      --output <file>           Write the token to this file (0600, replaced
                                atomically) instead of stdout.
      --watch                   With --output: keep the file fresh until SIGINT or
                                SIGTERM, or the session ends.
      --token-format <format>   On a machine profile: an opaque M2M token (mt_…) or
                                a JWT. (values: opaque, jwt; default: opaque)
      --ttl <seconds>           On a machine profile: the M2M token's lifetime
                                (default: the machine's).
      --claims <json>           On a machine profile: custom claims, as JSON or
                                @FILE (e.g. {"aud":"convex"}).
      --id-token                On an OAuth profile: print the OpenID Connect ID
                                token instead.

    The global options (--profile, --json, --no-input, --verbose, …) work here too;
    see 'clerkctl --help'.

    EXAMPLES:
      # Print a token for a Convex backend
      clerkctl token --template convex

      # Print an Authorization header
      clerkctl token --template convex --format header

      # Keep a token file fresh for another program
      clerkctl token --template convex --output ~/.cache/convex.jwt --watch

    """

  static let root = """
    OVERVIEW: Sign in to Clerk and mint JWTs for scripts, CI and Convex.

    clerkctl signs in to a Clerk instance's Frontend API the way Clerk's native SDKs
    do, keeps the long-lived client token in a local file, and prints short-lived
    JWTs from Clerk JWT templates. stdout carries only the requested data;
    everything else goes to stderr.

    USAGE: clerkctl [<global options>] <command>

    GLOBAL OPTIONS:
      -p, --profile <name>      The stored sign-in to use; else the one 'clerkctl
                                profile use' chose. (default: default; env:
                                CLERKCTL_PROFILE)
      --config-dir <dir>        Where profiles are kept; default
                                $XDG_CONFIG_HOME/clerkctl, else ~/.config/clerkctl.
                                (env: CLERKCTL_CONFIG_DIR)
      --publishable-key <key>   The instance's pk_test_/pk_live_ key; the Frontend
                                API host is decoded from it. (env:
                                CLERK_PUBLISHABLE_KEY)
      --fapi-url <url>          Frontend API base URL; overrides the key (proxies,
                                the emulator). (env: CLERK_FAPI_URL)
      --api-url <url>           Backend API base URL. (default:
                                https://api.clerk.com; env: CLERK_API_URL)
      --request-timeout <seconds>
                                Time limit per HTTP request. (default: 15; env:
                                CLERKCTL_REQUEST_TIMEOUT)
      --cacert <file>           Extra CA bundle for TLS. (env: CLERKCTL_CA_BUNDLE)
      --store <store>           Where a sign-in keeps its secret: file (0600) or
                                keyring (the Secret Service); else the profile's
                                'store' config, else where it keeps it now, else
                                file. (values: file, keyring; env: CLERKCTL_STORE)
      --verbose                 Trace HTTP on stderr: method, URL, status, timing;
                                secrets redacted. (env: CLERKCTL_DEBUG=1)
      --json                    Machine-readable output, where the command has any.
      --no-input                Never prompt. (env: CLERKCTL_NO_INPUT=1)
      --no-color                No colour (also with NO_COLOR set or TERM=dumb).
      -q, --quiet               No success lines on stderr (warnings and errors
                                still).
      -h, --help                Show help information.
      -V, --version             Show the version.

    SUBCOMMANDS:
      login                     Sign in to Clerk and store the credential for the
                                profile.
      token                     Print a JWT for the signed-in session.
      whoami                    Print who the profile is signed in as.
      status                    List every profile: instance, user, session,
                                credential file, cached tokens.
      profile                   List profiles, or choose the one later commands use.
      config                    Get or set the profile's defaults (template,
                                convex_url, min_ttl, store).
      org                       List your Clerk organizations, or choose the
                                session's active one.
      logout                    Sign the profile out and delete its credential and
                                cached tokens.
      exec                      Run a command with a fresh token in its environment.
      api                       Send an HTTP request with Authorization: Bearer JWT.
      convex                    Call a Convex query, mutation or action with a Clerk
                                token.
      m2m                       Verify, list and revoke machine-to-machine (M2M)
                                tokens.
      machine                   List, create and delete machines, their scopes and
                                secrets (CLERK_SECRET_KEY).
      api-key                   Create, list, revoke and verify Clerk API keys
                                (ak_…) for scripts and CI.
      oauth                     Register OAuth clients and introspect OAuth tokens
                                (Clerk as the OAuth provider).
      mcp                       Sign in to an MCP server protected by Clerk (OAuth,
                                RFC 9728 discovery).
      testing-token             Print a Clerk testing token (for
                                CLERK_TESTING_TOKEN); needs CLERK_SECRET_KEY.
      jwt                       Decode or verify a JWT.
      doctor                    Check the setup, one line per check with the fix.
      completion                Print a shell completion script for bash, zsh or
                                fish.
      version                   Print the version, commit and build date (as
                                --version does).
      help                      Show help for a command, or the environment and
                                exit-codes topics.

      See 'clerkctl help <subcommand>' for detailed help.

    EXAMPLES:
      # Sign in with a password read from a prompt
      clerkctl login --identifier you@example.com

      # Print a token for a Convex backend
      clerkctl token --template convex

      # Run a command with CLERK_TOKEN set
      clerkctl exec --template convex -- npm test

    """

  static let exec = """
    OVERVIEW: Run a command with a fresh token in its environment.

    Sets NAME (default CLERK_TOKEN) to the token and NAME_EXPIRES_AT to its expiry
    in epoch seconds, and passes the command's exit status through (128+N when
    signal N ended it; 127 when the command is not found, 126 when it cannot be
    run). The token is only in the environment, never on a command line. SIGINT,
    SIGTERM and SIGHUP sent to clerkctl are forwarded to the command. Options end at
    the command.

    Tokens live about a minute. With --refresh, clerkctl stays the command's parent
    and keeps fresh ones for it while it runs: NAME_FILE is a file (0600, in a
    private 0700 directory) that always holds a token with at least --min-ttl
    seconds left, replaced atomically; NAME_SOCKET is a Unix socket beside it, which
    only this user can reach, that answers GET /token with a fresh token
    (text/plain; ?format=json for {jwt, template, issued_at, expires_at,
    expires_in}); NAME_URL is a loopback URL for tools that need TCP that answers
    the same GET carrying 'Authorization: Bearer $NAME_URL_AUTH', and anything else
    with 401. All are removed when the command exits, however it exits, and the
    command gets SIGTERM if clerkctl dies. Renewals share the profile's token cache
    with every other clerkctl: one mint per token lifetime.

    USAGE: clerkctl exec [<options>] [--] <command> [<arg> ...]

    ARGUMENTS:
      <command>                 The program to run.
      <arg>                     Its arguments.

    OPTIONS:
      -t, --template <name>     Mint from this JWT template.
      --env <name>              The environment variable that receives the token.
                                (default: CLERK_TOKEN)
      --min-ttl <seconds>       Reuse a cached token only while it has this many
                                seconds left. (default: 10)
      --refresh                 Keep fresh tokens in NAME_FILE and at NAME_URL while
                                the command runs.
      --token-format <format>   On a machine profile: an opaque M2M token (mt_…) or
                                a JWT. (values: opaque, jwt; default: opaque)
      --ttl <seconds>           On a machine profile: the M2M token's lifetime
                                (default: the machine's).
      --claims <json>           On a machine profile: custom claims, as JSON or
                                @FILE (e.g. {"aud":"convex"}).

    The global options (--profile, --json, --no-input, --verbose, …) work here too;
    see 'clerkctl --help'.

    EXAMPLES:
      # Run the tests with a Convex token
      clerkctl exec --template convex -- npm test

      # Keep a long job supplied with fresh tokens
      clerkctl exec --refresh --template convex -- ./migrate.sh

    """
}
