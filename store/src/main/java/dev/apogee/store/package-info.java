/**
 * Apogee's message store: a RocketMQ-design commit log, consume queues and key index on memory-mapped files, with
 * group-commit flush and crash recovery. Depends on nothing but SLF4J.
 *
 * <p>The public API is this package: {@link dev.apogee.store.MessageStore} (the facade the broker calls),
 * {@link dev.apogee.store.StoreConfig}, {@link dev.apogee.store.MessageToStore}, {@link dev.apogee.store.PutResult}
 * / {@link dev.apogee.store.PutStatus}, {@link dev.apogee.store.GetResult} / {@link dev.apogee.store.GetStatus},
 * {@link dev.apogee.store.MessageFilter}, {@link dev.apogee.store.QueryResult},
 * {@link dev.apogee.store.DispatchListener}. Sub-packages are internals, public only for the facade's wiring:
 * {@code record} (stored format), {@code file} (mapped files), {@code commitlog}, {@code consumequeue},
 * {@code index}, {@code dispatch}, {@code flush}, {@code recovery}, {@code retention}, {@code service}; and
 * {@code check}, the offline store check of {@code bin/apogee-admin store-check}.
 *
 * <p>Threads: the facade owns no thread of its own. Puts run on callers' threads (appends serialised by the commit
 * log's put lock); reads run on callers' threads without locks; the background services each own one named thread,
 * listed in their packages: {@code apogee-store-allocate}, {@code apogee-store-flush} or
 * {@code apogee-store-group-commit}, {@code apogee-store-commit} (transient pool only), {@code apogee-store-reput},
 * {@code apogee-store-flush-cq}, {@code apogee-store-clean-commitlog}, {@code apogee-store-clean-cq}. Open and
 * recovery run on the thread calling {@link dev.apogee.store.MessageStore#open}.
 */
package dev.apogee.store;
