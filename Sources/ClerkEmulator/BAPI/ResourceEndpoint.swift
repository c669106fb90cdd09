/// The Backend API's email-address, session-creation and organization endpoints beyond list,
/// create and add-member (see ``BackendAPIHandler/serveResource(_:_:body:store:now:)``).
enum ResourceEndpoint: Sendable, Equatable {
  case createEmailAddress, getEmailAddress, updateEmailAddress, deleteEmailAddress
  case createSession, userMemberships
  case getOrganization, updateOrganization, deleteOrganization, mergeOrganizationMetadata
  case listMemberships, updateMembership, deleteMembership, updateMembershipMetadata
  case createInvitation, listInvitations, getInvitation, revokeInvitation
  case createInstanceInvitation, listInstanceInvitations, revokeInstanceInvitation
}
