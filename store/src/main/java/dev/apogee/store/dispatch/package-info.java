/**
 * The dispatcher: {@link dev.apogee.store.dispatch.ReputService} follows the commit log's readable end on its own
 * thread ({@code apogee-store-reput}), and for every record writes the consume-queue entry, the index entries, then
 * tells the {@link dev.apogee.store.DispatchListener}s. Before the store starts, recovery runs the same loop on the
 * opening thread to rebuild what a crash lost. {@link dev.apogee.store.dispatch.DispatchRequest} is confined to that
 * thread.
 */
package dev.apogee.store.dispatch;
