package dev.apogee.namesrv.route;

/** What a registering slave learns about its master; both {@code null} for a master or when no master is alive. */
public record RegisterResult(String haServerAddr, String masterAddr) {
    static final RegisterResult NONE = new RegisterResult(null, null);
}
