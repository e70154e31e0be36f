/** Admin objects (queues, topics) the container binds in JNDI from ironjacamar.xml. Immutable once configured. */
package dev.apogee.ra.admin;
