package dev.apogee.examples.springcamel;

import java.io.IOException;
import java.util.Properties;

/** A running Jakarta Messaging provider: what an application's {@code InitialContext} needs to reach it. */
interface Provider extends AutoCloseable {
    /**
     * The environment given to {@code new InitialContext(environment)}: it takes precedence over {@code
     * jndi.properties}, which declares the destinations.
     */
    Properties jndiEnvironment();

    /** Stops the provider and deletes what it stored. */
    @Override
    void close() throws IOException;
}
