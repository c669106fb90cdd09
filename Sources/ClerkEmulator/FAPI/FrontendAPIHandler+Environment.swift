import ClerkctlCore
import ClerkctlWire
import Foundation

/// `GET /v1/environment`: Clerk's `Client.Environment` with every key its schema requires
/// (Clerk's Android SDK requires some of the nullable ones, e.g. `privacy_policy_url`, present).
extension FrontendAPIHandler {
  func environmentJSON() -> JSONValue {
    [
      "auth_config": authConfigJSON(), "display_config": displayConfigJSON(),
      "user_settings": userSettingsJSON(), "organization_settings": organizationSettingsJSON(),
      "commerce_settings": commerceSettingsJSON(), "api_keys_settings": apiKeysSettingsJSON(),
      "maintenance_mode": false, "client_debug_mode": false, "partitioned_cookies": false,
    ]
  }

  /// Billing (off), as a development instance without plans sends it.
  private func commerceSettingsJSON() -> JSONValue {
    [
      "billing": [
        "enabled": false, "has_paid_user_plans": false, "has_paid_org_plans": false,
        "free_trial_requires_payment_method": true,
        "user": ["enabled": false, "has_paid_plans": false],
        "organization": ["enabled": false, "has_paid_plans": false],
      ]
    ]
  }

  /// API keys (on: the emulator serves them).
  private func apiKeysSettingsJSON() -> JSONValue {
    ["enabled": true, "user_api_keys_enabled": true, "orgs_api_keys_enabled": true]
  }

  private func authConfigJSON() -> JSONValue {
    [
      "object": "auth_config", "id": .string("aac_" + instanceID.dropFirst(4)),
      "first_name": "on", "last_name": "on", "email_address": "on", "phone_number": "on",
      "username": "on", "password": "on",
      "identification_requirements": [["email_address", "phone_number", "username"]],
      "identification_strategies": ["email_address", "phone_number", "username"],
      "first_factors": Self.strategies([.emailCode, .password, .phoneCode, .ticket]),
      "second_factors": Self.strategies([.totp, .emailCode, .phoneCode, .backupCode]),
      "email_address_verification_strategies": Self.strategies([.emailCode]),
      "single_session_mode": true, "enhanced_email_deliverability": false,
      "test_mode": true, "cookieless_dev": false, "url_based_session_syncing": true,
      "claimed_at": nil, "reverification": false,
      "native_settings": [
        "object": "native_settings", "api_enabled": true,
        "trusted_device_sign_in_enabled": false,
        "trusted_device_enrollment_prompt_after_sign_in_enabled": false,
        "trusted_device_enrollment_prompt_after_sign_up_enabled": false,
      ],
    ]
  }

  private func displayConfigJSON() -> JSONValue {
    let base = baseURL
    let page: (String) -> JSONValue = { .string(base + $0) }
    return [
      "object": "display_config", "id": .string("display_config_" + instanceID.dropFirst(4)),
      "instance_environment_type": .string(isProduction ? "production" : "development"),
      "application_name": "clerk-emulator", "theme": Self.defaultTheme,
      "preferred_sign_in_strategy": .string(FactorStrategy.password.rawValue), "branded": false,
      "home_url": .string(base), "sign_in_url": page("/sign-in"), "sign_up_url": page("/sign-up"),
      "user_profile_url": page("/user"), "waitlist_url": page("/waitlist"),
      "oauth_consent_url": page("/oauth/consent"),
      "after_sign_in_url": .string(base), "after_sign_up_url": .string(base),
      "after_sign_out_one_url": .string(base), "after_sign_out_all_url": .string(base),
      "after_switch_session_url": .string(base), "after_join_waitlist_url": .string(base),
      "organization_profile_url": page("/organization"),
      "create_organization_url": page("/create-organization"),
      "after_leave_organization_url": .string(base),
      "after_create_organization_url": .string(base), "logo_link_url": .string(base),
      "support_email": nil, "experimental_force_oauth_first": false, "clerk_js_version": nil,
      "show_devmode_warning": .bool(!isProduction), "google_one_tap_client_id": nil,
      "help_url": nil, "privacy_policy_url": nil, "terms_url": nil,
      "logo_image_url": "", "favicon_image_url": "", "logo_url": nil, "favicon_url": nil,
      "logo_image": nil, "favicon_image": nil,
      "captcha_public_key": nil, "captcha_widget_type": nil, "captcha_public_key_invisible": nil,
      "captcha_provider": nil, "captcha_oauth_bypass": [], "captcha_heartbeat": false,
    ]
  }

  /// Clerk's default theme, as an instance that never changed it sends it.
  static let defaultTheme: JSONValue = [
    "buttons": [
      "font_color": "#ffffff", "font_family": "\"Source Sans Pro\", sans-serif",
      "font_weight": "600",
    ],
    "general": [
      "color": "#6c47ff", "padding": "1em", "box_shadow": "0 2px 8px rgba(0, 0, 0, 0.2)",
      "font_color": "#151515", "font_family": "\"Source Sans Pro\", sans-serif",
      "border_radius": "0.5em", "background_color": "#ffffff", "label_font_weight": "600",
    ],
    "accounts": ["background_color": "#ffffff"],
  ]

  /// A JSON list of strategies' wire names.
  private static func strategies(_ strategies: [FactorStrategy]) -> JSONValue {
    .array(strategies.map { .string($0.rawValue) })
  }

  private func userSettingsJSON() -> JSONValue {
    let attribute:
      (_ enabled: Bool, _ firstFactors: [FactorStrategy], _ secondFactors: [FactorStrategy])
        -> JSONValue = { enabled, firstFactors, secondFactors in
          [
            "enabled": .bool(enabled), "required": .bool(enabled && secondFactors.isEmpty),
            "used_for_first_factor": .bool(!firstFactors.isEmpty),
            "first_factors": Self.strategies(firstFactors),
            "used_for_second_factor": .bool(!secondFactors.isEmpty),
            "second_factors": Self.strategies(secondFactors),
            "verifications": Self.strategies(firstFactors + secondFactors),
            "verify_at_sign_up": .bool(!firstFactors.isEmpty), "immutable": false,
          ]
        }
    let off = attribute(false, [], [])
    // Email, phone and username are each an identifier; none is required of every user.
    let optional: (JSONValue) -> JSONValue = { attribute in
      var object = attribute.objectValue ?? [:]
      object["required"] = false
      return .object(object)
    }
    return [
      "attributes": [
        "email_address": optional(attribute(true, [.emailCode], [])),
        "password": attribute(true, [], []), "first_name": attribute(true, [], []),
        "last_name": attribute(true, [], []), "username": optional(attribute(true, [], [])),
        "phone_number": optional(attribute(true, [.phoneCode], [.phoneCode])),
        "web3_wallet": off, "passkey": off,
        "backup_code": attribute(true, [], [.backupCode]),
        "ticket": attribute(true, [.ticket], []),
        "authenticator_app": attribute(true, [], [.totp]),
      ],
      "social": socialJSON(), "enterprise_sso": ["enabled": true], "saml": ["enabled": false],
      "sign_in": ["second_factor": ["required": false]],
      "sign_up": [
        "captcha_enabled": false, "captcha_widget_type": "smart", "custom_action_required": false,
        "progressive": true, "mode": "public", "legal_consent_enabled": false,
        "mfa": ["required": false],
      ],
      "restrictions": [
        "allowlist": ["enabled": false], "blocklist": ["enabled": false],
        "allowlist_blocklist_disabled_on_sign_in": ["enabled": false],
        "block_email_subaddresses": ["enabled": false],
        "block_disposable_email_domains": ["enabled": false],
      ],
      "password_settings": [
        "min_length": 8, "max_length": 72, "disable_hibp": true,
        "disable_password_reverification": false, "require_special_char": false,
        "require_numbers": false, "require_uppercase": false, "require_lowercase": false,
        "show_zxcvbn": false, "min_zxcvbn_strength": 0, "enforce_hibp_on_sign_in": false,
        "allowed_special_characters": "",
      ],
      "username_settings": [
        "min_length": 4, "max_length": 64, "allow_extended_special_characters": false,
        "allow_numeric_usernames": true,
      ],
      "actions": [
        "delete_self": true, "create_organization": false, "create_organizations_limit": nil,
      ],
      "attack_protection": [
        "user_lockout": ["enabled": false, "max_attempts": 100, "duration_in_minutes": 60],
        "pii": ["enabled": false], "email_link": ["require_same_client": false],
        "enumeration_protection": ["enabled": false],
      ],
      "passkey_settings": [
        "allow_autofill": false, "show_sign_in_button": false, "satisfies_second_factor": false,
      ],
    ]
  }

  private func organizationSettingsJSON() -> JSONValue {
    [
      "enabled": true, "max_allowed_memberships": 5, "creator_role": "org:admin",
      "actions": ["admin_delete": true],
      "domains": ["enabled": false, "enrollment_modes": [], "default_role": "org:member"],
      "slug": ["disabled": false],
    ]
  }
}
