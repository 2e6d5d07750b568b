let seq = 0;

/** A command's id (ACK and NACK name it): the time and a sequence, unique within this process. */
export function nextCmdId(): string {
  seq += 1;
  return `${Date.now().toString(36)}-${seq}`;
}
