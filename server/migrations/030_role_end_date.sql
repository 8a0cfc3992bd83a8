-- A role's fixed end date (spec §3 Role endDate; OpenConext Invite's defaultExpiryDate): when set, the role's
-- memberships end on it at the latest. Invitations may not ask for a later end date, acceptance and direct
-- grants cap at it, a membership's end date may not be moved past it, and setting or moving it earlier caps
-- the memberships already there. NULL: memberships end defaultExpiryDays after acceptance (0: never).
ALTER TABLE roles ADD COLUMN end_date TIMESTAMPTZ;
