/** A person's initial in a blue circle (the home greeting, the lock screen). */
export function InitialAvatar({ name, size }: { name: string; size: number }) {
  return (
    <div className="app-avatar" aria-hidden style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}>
      {name.slice(0, 1).toUpperCase() || '?'}
    </div>
  );
}
