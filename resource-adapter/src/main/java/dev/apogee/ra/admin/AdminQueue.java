package dev.apogee.ra.admin;

import jakarta.jms.Queue;

/** A queue declared as an admin object in ironjacamar.xml (config property {@code name}). */
public class AdminQueue extends AdminDestination implements Queue {
    private static final long serialVersionUID = 1L;

    @Override
    public String getQueueName() {
        return getName();
    }
}
