let seq = 0;

/**
 * The one source of command ids (ACK and NACK name them): the time and a sequence, unique within
 * this process, which is enough since a command is ACKed to the instance that sent it.
 */
export function nextCmdId(): string {
  seq += 1;
  return `${Date.now().toString(36)}-${seq}`;
}
