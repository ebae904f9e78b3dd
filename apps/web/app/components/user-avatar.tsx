import { Avatar, type AvatarProps } from "@mantine/core";

/** A user's avatar, or the first letter of the name on an indigo circle. */
export function UserAvatar({
  user,
  ...props
}: { user: { username: string; avatar: string | null } } & Omit<AvatarProps, "src" | "alt">) {
  const initial = Array.from(user.username.trim())[0]?.toUpperCase() ?? "?";
  return (
    <Avatar src={user.avatar} alt={user.username} color="indigo" radius={1000} {...props}>
      {initial}
    </Avatar>
  );
}
