package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Objects;

/**
 * One client connection in {@link ConsumerConnection}. {@code language} is the official {@code LanguageCode}
 * enum name ({@code "JAVA"}), kept as a string so this package does not depend on the command model.
 */
public final class Connection implements JsonBody {
    private String clientId;
    private String clientAddr;
    private String language;
    private int version;

    public Connection() {
    }

    public Connection(String clientId, String clientAddr, String language, int version) {
        this.clientId = clientId;
        this.clientAddr = clientAddr;
        this.language = language;
        this.version = version;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("clientAddr", clientAddr)
            .member("clientId", clientId)
            .member("language", language)
            .member("version", version)
            .endObject();
    }

    /** Reads a connection, or returns null for JSON null. */
    public static Connection readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        Connection connection = new Connection();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "clientId": connection.clientId = reader.nextString(); break;
                case "clientAddr": connection.clientAddr = reader.nextString(); break;
                case "language": connection.language = reader.nextString(); break;
                case "version": connection.version = reader.nextInt(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return connection;
    }

    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    public String getClientAddr() {
        return clientAddr;
    }

    public void setClientAddr(String clientAddr) {
        this.clientAddr = clientAddr;
    }

    public String getLanguage() {
        return language;
    }

    public void setLanguage(String language) {
        this.language = language;
    }

    public int getVersion() {
        return version;
    }

    public void setVersion(int version) {
        this.version = version;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Connection)) {
            return false;
        }
        Connection other = (Connection) o;
        return version == other.version && Objects.equals(clientId, other.clientId)
            && Objects.equals(clientAddr, other.clientAddr) && Objects.equals(language, other.language);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clientId, clientAddr, language, version);
    }

    @Override
    public String toString() {
        return "Connection[clientId=" + clientId + ", clientAddr=" + clientAddr + ", language=" + language
            + ", version=" + version + ']';
    }
}
