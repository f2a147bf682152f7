/** The bytes of the load writer's file number `n`, some longer than others. */
export const loadBytes = (n: number): Buffer => Buffer.from(`file ${n} `.repeat(1 + (n % 50)));
