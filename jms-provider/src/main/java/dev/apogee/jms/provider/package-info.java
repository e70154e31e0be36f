/**
 * The one boundary between the JMS API layer and a transport: {@link dev.apogee.jms.provider.Provider} (connect,
 * ensure/delete topic, send in three modes, create/pull/acknowledge/close consumers, browse, delete groups, check
 * and replace named subscriptions ({@code GroupOperations}, {@code SubscriptionDefinitions}), failure reports),
 * implemented by
 * {@link dev.apogee.jms.provider.NativeProvider} over the native client ({@code dev.apogee.client}). Native failures
 * are translated into JMSExceptions once, in {@link dev.apogee.jms.provider.NativeProvider#translate}. Selector
 * mapping ({@code SelectorSubscriptions}: TAG when a selector only tests {@code TAGS}, else the JMS-typed {@code JMS}
 * type where the brokers accept it and SQL92 where they do not; invalid → InvalidSelectorException) also lives
 * here, and so does connection-loss detection ({@link dev.apogee.jms.provider.ConnectionHealth}, one
 * {@code apogee-jms-health-*} thread per connection probing name servers and brokers).
 *
 * <p>Consumption: JMS queues and shared subscriptions consume by POP ({@code PopReceivers}, {@code PopReceiver}: all
 * consumers of a connection on its one client instance, a small adaptive prefetch guarded by each receiver's monitor,
 * per-message acks with the lazy ones coalesced by {@code PopAckCoalescer}, recover/rollback/stop give messages back,
 * a prefetch as "not delivered"; {@code PriorityOrder} orders each pop); exclusive topic subscriptions and native
 * groups commit offsets ({@code OffsetConsumers}, {@code NativeConsumer}, {@code PositionCommitter}). Browsing is
 * {@code QueueBrowsing}.
 *
 * <p>Transactions: {@link dev.apogee.jms.provider.Provider#branches()} starts branches
 * ({@link dev.apogee.jms.provider.ProviderTransaction}: sends as halves, consumer positions as acks, prepare, commit,
 * rollback) and resolves branches by id for recovery; {@code NativeBranches} / {@code NativeTransaction} implement
 * them over {@code dev.apogee.client.transaction.BranchClient}. Failures are
 * {@link dev.apogee.jms.provider.BranchFailure}s with a reason. These calls block (bounded by the request timeout) on
 * the caller's thread; a branch object is thread-safe (synchronized), since a transaction manager completes it from
 * other threads.
 */
package dev.apogee.jms.provider;
