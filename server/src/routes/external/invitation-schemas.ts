/** The schemas of the external API's invitation create: its body (the console's plus suppressSendingEmails) and answer. */
import { invitationRequestSchema } from '../../domain/invitation-create.js';

export const createBodySchema = {
  ...invitationRequestSchema,
  properties: {
    ...invitationRequestSchema.properties,
    suppressSendingEmails: {
      type: 'boolean',
      description:
        'true: no mail goes out; the answer carries each accept link for the integration to send itself',
    },
  },
  examples: [
    {
      intendedAuthority: 'GUEST',
      invites: ['student1@example.edu', 'student2@example.edu'],
      roleIdentifiers: ['12'],
      language: 'en',
      message: 'Welcome to the course',
      suppressSendingEmails: true,
    },
  ],
} as const;

export const createdSchema = {
  type: 'object',
  required: ['status', 'invitationIdentifiers', 'recipientInvitationURLs'],
  properties: {
    status: { type: 'integer', description: '201' },
    invitationIdentifiers: { type: 'array', items: { type: 'integer' } },
    recipientInvitationURLs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['recipient', 'invitationURL'],
        properties: {
          recipient: { type: 'string', description: 'The invitee e-mail address' },
          invitationURL: {
            type: 'string',
            description: 'Where the invitee accepts (a secret: send it to them only)',
          },
        },
      },
    },
  },
  examples: [
    {
      status: 201,
      invitationIdentifiers: [101, 102],
      recipientInvitationURLs: [
        {
          recipient: 'student1@example.edu',
          invitationURL: 'https://portal.example.org/invitation/accept?hash=…',
        },
        {
          recipient: 'student2@example.edu',
          invitationURL: 'https://portal.example.org/invitation/accept?hash=…',
        },
      ],
    },
  ],
} as const;

export interface Created {
  status: number;
  invitationIdentifiers: number[];
  recipientInvitationURLs: Array<{ recipient: string; invitationURL: string }>;
}
