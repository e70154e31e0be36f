package dev.apogee.broker.admin;

import dev.apogee.remoting.netty.ExecutorLoad;

/**
 * The queues of the broker's processor executors, as the runtime info names them: sends, pulls (plain and lite
 * pulls share one executor here), acks (POP acks run on the pop executor), queries (message lookups by key and id
 * run on the admin executor) and transaction ends.
 */
public record ThreadPoolLoads(ExecutorLoad send, ExecutorLoad pull, ExecutorLoad ack, ExecutorLoad query,
        ExecutorLoad endTransaction) {
}
