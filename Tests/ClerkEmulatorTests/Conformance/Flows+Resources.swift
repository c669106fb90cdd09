import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

/// The resource flows of the conformance recording: email addresses, `POST /v1/sessions`,
/// one organization (get, update, metadata, delete), its memberships and invitations, and a
/// banned or locked user's refused sign-in, each success and the refusals Clerk documents.
extension Flows {
  func resources() throws {
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["resources@example.com"], "password": "resources-password-1"]))
    let user = try #require(created["id"]?.stringValue)
    let primary = try #require(created["primary_email_address_id"]?.stringValue)
    let added = harness.bapi(
      "POST", "/v1/email_addresses",
      json: ["user_id": .string(user), "email_address": "second@example.com"])
    #expect(added.status == 200)
    let second = try #require(try EmulatorHarness.json(added)["id"]?.stringValue)
    #expect(
      harness.bapi(
        "POST", "/v1/email_addresses",
        json: ["user_id": .string(user), "email_address": "second@example.com"]
      ).status == 422)
    #expect(
      harness.bapi("POST", "/v1/email_addresses", json: ["email_address": "x@example.com"])
        .status == 422)
    #expect(harness.bapi("GET", "/v1/email_addresses/\(second)").status == 200)
    #expect(harness.bapi("GET", "/v1/email_addresses/idn_nope").status == 404)
    #expect(
      harness.bapi(
        "PATCH", "/v1/email_addresses/\(second)", json: ["verified": true, "primary": true]
      ).status == 200)
    #expect(harness.bapi("DELETE", "/v1/email_addresses/\(second)").status == 400)
    #expect(harness.bapi("DELETE", "/v1/email_addresses/\(primary)").status == 200)
    #expect(harness.bapi("GET", "/v1/users/\(user)").status == 200)
    #expect(
      harness.bapi("PATCH", "/v1/users/\(user)", json: ["primary_email_address_id": "idn_nope"])
        .status == 422)

    let invited = harness.bapi(
      "POST", "/v1/invitations", json: ["email_address": "newcomer@example.com"])
    #expect(invited.status == 200)
    let invitation = try #require(try EmulatorHarness.json(invited)["id"]?.stringValue)
    #expect(
      harness.bapi("POST", "/v1/invitations", json: ["email_address": "newcomer@example.com"])
        .status == 400)
    #expect(
      harness.bapi("POST", "/v1/invitations", json: ["email_address": "demo@example.com"])
        .status == 400)
    #expect(harness.bapi("GET", "/v1/invitations?status=pending").status == 200)
    #expect(harness.bapi("POST", "/v1/invitations/\(invitation)/revoke").status == 200)
    #expect(harness.bapi("POST", "/v1/invitations/\(invitation)/revoke").status == 400)

    let session = harness.bapi("POST", "/v1/sessions", json: ["user_id": .string(user)])
    #expect(session.status == 200)
    #expect(harness.bapi("POST", "/v1/sessions", json: ["user_id": "user_nope"]).status == 404)
    #expect(harness.bapi("POST", "/v1/sessions", json: [:]).status == 422)

    // Moderated users: the sign-in is refused with Clerk's 403s.
    #expect(harness.bapi("POST", "/v1/users/\(user)/lock").status == 200)
    #expect(
      harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "second@example.com"), ("password", "resources-password-1")]
      ).status == 403)
    #expect(harness.bapi("POST", "/v1/sessions", json: ["user_id": .string(user)]).status == 403)
    #expect(harness.bapi("POST", "/v1/users/\(user)/unlock").status == 200)
    #expect(harness.bapi("POST", "/v1/users/\(user)/ban").status == 200)
    #expect(
      harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "second@example.com")])
        .status == 403)

    try organization(member: user)
  }

  private func organization(member user: String) throws {
    let demo = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/users?email_address=demo@example.com"))
        .arrayValue?.first?["id"]?.stringValue)
    let made = harness.bapi(
      "POST", "/v1/organizations",
      json: ["name": "Hooli", "slug": "hooli", "created_by": .string(demo)])
    let id = try #require(try EmulatorHarness.json(made)["id"]?.stringValue)
    let path = "/v1/organizations/\(id)"
    #expect(harness.bapi("GET", path).status == 200)
    #expect(harness.bapi("GET", "/v1/organizations/hooli?include_members_count=true").status == 200)
    #expect(harness.bapi("GET", "/v1/organizations/org_nope").status == 404)
    #expect(
      harness.bapi("PATCH", path, json: ["name": "Hooli XYZ", "max_allowed_memberships": 10])
        .status == 200)
    #expect(harness.bapi("PATCH", path, json: ["slug": "acme"]).status == 422)
    #expect(
      harness.bapi("PATCH", path + "/metadata", json: ["public_metadata": ["tier": "gold"]])
        .status == 200)
    #expect(harness.bapi("PATCH", path + "/metadata", json: ["private_metadata": 1]).status == 422)

    let members = path + "/memberships"
    #expect(
      harness.bapi("POST", members, json: ["user_id": .string(user), "role": "org:member"])
        .status == 200)
    #expect(harness.bapi("GET", members).status == 200)
    #expect(harness.bapi("GET", "/v1/users/\(user)/organization_memberships").status == 200)
    #expect(harness.bapi("GET", "/v1/users/user_nope/organization_memberships").status == 404)
    #expect(
      harness.bapi("GET", "/v1/users?organization_id=\(id)&order_by=-email_address&query=e")
        .status == 200)
    #expect(harness.bapi("GET", "/v1/users?order_by=nope").status == 422)
    #expect(harness.bapi("GET", members + "?role=org:admin&order_by=-created_at").status == 200)
    #expect(harness.bapi("GET", members + "?order_by=bogus").status == 422)
    #expect(
      harness.bapi("PATCH", members + "/\(user)", json: ["role": "org:admin"]).status == 200)
    #expect(harness.bapi("PATCH", members + "/\(user)", json: ["role": "org:nope"]).status == 422)
    #expect(
      harness.bapi("PATCH", members + "/user_nope", json: ["role": "org:admin"]).status == 404)
    #expect(
      harness.bapi("PATCH", members + "/\(user)/metadata", json: ["public_metadata": ["k": 1]])
        .status == 200)
    #expect(
      harness.bapi("PATCH", members + "/\(user)/metadata", json: ["public_metadata": "x"]).status
        == 422)
    #expect(harness.bapi("DELETE", members + "/\(user)").status == 200)
    #expect(harness.bapi("DELETE", members + "/\(demo)").status == 400)

    let invitations = path + "/invitations"
    let invited = harness.bapi(
      "POST", invitations,
      json: [
        "email_address": "invitee@example.com", "role": "org:member",
        "inviter_user_id": .string(demo),
      ])
    #expect(invited.status == 200)
    let invitation = try #require(try EmulatorHarness.json(invited)["id"]?.stringValue)
    #expect(
      harness.bapi(
        "POST", invitations, json: ["email_address": "demo@example.com", "role": "org:member"]
      )
      .status == 400)
    #expect(
      harness.bapi("POST", invitations, json: ["email_address": "x@example.com"]).status == 422)
    #expect(harness.bapi("GET", invitations + "?status=pending").status == 200)
    #expect(harness.bapi("GET", invitations + "/\(invitation)").status == 200)
    #expect(harness.bapi("GET", invitations + "/orginv_nope").status == 404)
    #expect(harness.bapi("POST", invitations + "/\(invitation)/revoke").status == 200)
    #expect(harness.bapi("POST", invitations + "/\(invitation)/revoke").status == 404)
    #expect(harness.bapi("DELETE", path).status == 200)
    #expect(harness.bapi("DELETE", path).status == 404)
  }
}
