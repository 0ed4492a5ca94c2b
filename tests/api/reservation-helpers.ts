/** Times the seeded restaurant (Europe/Berlin; closed on Mondays) takes or refuses, whatever today is. */

function dayAhead(weekday: number, from = 2): string {
  for (let days = from; days < from + 8; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    if (d.getUTCDay() === weekday) return d.toISOString().slice(0, 10);
  }
  throw new Error('no such day within a week');
}

/** A Friday evening two to nine days ahead: inside the hours, well past the notice. */
export const fridayEvening = (time = '19:00'): string => `${dayAhead(5)}T${time}`;
/** A Monday evening: the seeded restaurant is closed all day. */
export const mondayEvening = (): string => `${dayAhead(1)}T19:00`;
