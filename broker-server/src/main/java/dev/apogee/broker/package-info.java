/**
 * The broker: {@link dev.apogee.broker.Broker} wires the store, config tables, client registries, background
 * services and the request-code table ({@code ProcessorRegistrations}). Feature packages hold the processors and
 * services; each says which threads touch its state.
 */
package dev.apogee.broker;
