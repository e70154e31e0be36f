/**
 * The Jakarta Messaging 3.1 conformance subset: {@link dev.apogee.tck.Spec} citations and the list of citable
 * sections. Tests live in one package per spec chapter under {@code src/test}; the provider is reached only through
 * {@link dev.apogee.tck.spi.TckEnvironment}.
 */
package dev.apogee.tck;
