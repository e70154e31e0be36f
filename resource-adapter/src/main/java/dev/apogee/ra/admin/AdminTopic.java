package dev.apogee.ra.admin;

import jakarta.jms.Topic;

/** A topic declared as an admin object in ironjacamar.xml (config property {@code name}). */
public class AdminTopic extends AdminDestination implements Topic {
    private static final long serialVersionUID = 1L;

    @Override
    public String getTopicName() {
        return getName();
    }
}
