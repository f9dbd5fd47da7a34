import { COMPANY_LICENSE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPrivateFile } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { CompanyService } from './company.service.js';

/** Companies: the member's company, its members and invitations, its sample allowance; the sales staff's desk. */
export const companyRoutes = endpointRoutes<{ companies: CompanyService }>((route, { companies }) => {
  route('companyMine', async (request) => companies.mine(principalOf(request).user));
  route('companyCreate', async (request, reply) => reply.code(201).send(await companies.create(principalOf(request).user, request.body)));
  route('companyUpdate', async (request) => companies.update(principalOf(request).user, request.params.id, request.body));
  route('companyLicenseUpload', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: COMPANY_LICENSE_MAX_BYTES, what: '营业执照' });
    return companies.uploadLicense(principalOf(request).user, request.params.id, bytes);
  });
  route('companyLicense', async (request, reply) => {
    const { file, name } = await companies.license(principalOf(request).user, request.params.id);
    return sendPrivateFile(reply, file, name);
  });
  route('companyMemberList', async (request) => companies.members(principalOf(request).user, request.params.id));
  route('companyMemberRoles', async (request) => companies.setRoles(principalOf(request).user, request.params.id, request.params.userId, request.body.roles));
  route('companyMemberRemove', async (request, reply) => {
    await companies.removeMember(principalOf(request).user, request.params.id, request.params.userId);
    return reply.code(204).send();
  });
  route('companyInvitationList', async (request) => companies.invitations(principalOf(request).user, request.params.id));
  route('companyInvitationCreate', async (request, reply) =>
    reply.code(201).send(await companies.invite(principalOf(request).user, request.params.id, request.body)),
  );
  route('companyInvitationRevoke', async (request, reply) => {
    await companies.revokeInvitation(principalOf(request).user, request.params.id, request.params.invitationId);
    return reply.code(204).send();
  });
  route('companyInvitationAccept', async (request) => companies.accept(principalOf(request).user, request.params.id));
  route('companyInvitationDecline', async (request, reply) => {
    await companies.decline(principalOf(request).user, request.params.id);
    return reply.code(204).send();
  });
  route('companySampleAllowance', async (request) => companies.sampleAllowance(principalOf(request).user, request.params.id));

  route('adminCompanyList', async (request) => companies.adminList(request.query));
  route('adminCompanyDetail', async (request) => companies.adminDetail(request.params.id));
  route('adminCompanyLicense', async (request, reply) => {
    const { file, name } = await companies.adminLicense(request.params.id);
    return sendPrivateFile(reply, file, name);
  });
  route('adminCompanyVerify', async (request) => companies.verify(actorOf(request), request.params.id));
  route('adminCompanyReject', async (request) => companies.reject(actorOf(request), request.params.id, request.body.reason));
  route('adminCompanyAllowance', async (request) => companies.setAllowance(actorOf(request), request.params.id, request.body));
});
