/**
 * Official-client POP consumption benchmark ({@code run-broker-bench.sh}, row {@code pop-drain}): the official
 * rocketmq-client 5.3.3 {@code DefaultMQPushConsumer}, its group switched to POP through the client's own
 * {@code MQClientAPIImpl.setMessageRequestMode} (what {@code mqadmin setConsumeMode -m POP} sends), drains a
 * pre-filled backlog; pointed at Apache RocketMQ 5.3.3 and at Apogee MQ in the same run, only the name server
 * address differs. {@link dev.apogee.benchmarks.pop.PopDrainBench} runs on its main thread; the listener threads of
 * the official client write only {@link dev.apogee.benchmarks.pop.DrainTally}'s atomics; {@code CpuWatch} is read
 * and written by the main thread.
 */
package dev.apogee.benchmarks.pop;
