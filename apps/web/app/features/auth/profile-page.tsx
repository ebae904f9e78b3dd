import { Skeleton, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useSession } from "../../lib/session.ts";
import { fetchMe } from "./auth-api.ts";
import { DeleteAccount } from "./delete-account.tsx";
import { ProfileAvatar } from "./profile-avatar.tsx";
import { ProfileEmail } from "./profile-email.tsx";
import { ProfilePassword } from "./profile-password.tsx";
import { ProfilePhones } from "./profile-phones.tsx";
import { ProfileUsername } from "./profile-username.tsx";

/**
 * /settings/profile. The user comes from the session; the page also asks `GET /api/user/me` once, so
 * changes made on another device show up (and a blocked account meets its 403 here).
 */
export function ProfilePage() {
  const { user, status } = useSession();
  const isFetched = useRef(false);

  useEffect(() => {
    if (status !== "signed-in" || isFetched.current) return;
    isFetched.current = true;
    // A failure keeps the session's copy; 401 and 403 are handled by the HTTP client.
    fetchMe().catch(() => undefined);
  }, [status]);

  if (!user) {
    return (
      <Stack gap="md" aria-busy>
        {[120, 150, 180, 220].map((height) => (
          <Skeleton key={height} height={height} radius="lg" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="profile-settings">
      <ProfileAvatar user={user} />
      <ProfileUsername user={user} />
      <ProfilePhones user={user} />
      <ProfileEmail user={user} />
      <ProfilePassword user={user} />
      <DeleteAccount user={user} />
    </Stack>
  );
}
