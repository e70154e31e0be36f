package dev.apogee.ra.it;

import dev.apogee.ra.it.app.AppBeans;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.io.File;

/** The archives the container tests deploy: the packaged .rar (pointed at the test broker) and a test app. */
final class Deployments {
    static final String RAR_NAME = "apogee-ra.rar";

    private Deployments() {
    }

    /** The .rar this module built, with its ironjacamar.xml pointed at {@code url}. */
    static ResourceAdapterArchive rar(String url) {
        String path = System.getProperty("apogee.rar");
        File file = new File(path == null ? "missing" : path);
        if (!file.isFile()) {
            throw new IllegalStateException("run the container tests through Maven (failsafe): the packaged .rar "
                    + "is passed as -Dapogee.rar, was " + path);
        }
        ResourceAdapterArchive packaged = ShrinkWrap.createFromZipFile(ResourceAdapterArchive.class, file);
        ResourceAdapterArchive rar = ShrinkWrap.create(ResourceAdapterArchive.class, RAR_NAME).merge(packaged);
        rar.delete("META-INF/ironjacamar.xml");
        rar.addAsManifestResource(new StringAsset(ironjacamar(url)), "ironjacamar.xml");
        return rar;
    }

    private static String ironjacamar(String url) {
        return """
                <ironjacamar>
                  <transaction-support>XATransaction</transaction-support>
                  <config-property name="connectionUrl">%s</config-property>
                  <connection-definitions>
                    <connection-definition class-name="dev.apogee.ra.outbound.ApogeeManagedConnectionFactory"
                        jndi-name="java:/jms/apogee/ConnectionFactory" pool-name="ApogeeConnectionFactory">
                      <xa-pool><min-pool-size>0</min-pool-size><max-pool-size>10</max-pool-size></xa-pool>
                      <recovery no-recovery="false">
                        <recover-credential><user-name>recovery</user-name><password>recovery</password></recover-credential>
                      </recovery>
                    </connection-definition>
                    <connection-definition class-name="dev.apogee.ra.outbound.ApogeeManagedConnectionFactory"
                        jndi-name="java:/jms/apogee/ConnectionFactory2" pool-name="ApogeeConnectionFactory2">
                      <xa-pool><min-pool-size>0</min-pool-size><max-pool-size>10</max-pool-size></xa-pool>
                      <recovery no-recovery="false">
                        <recover-credential><user-name>recovery</user-name><password>recovery</password></recover-credential>
                      </recovery>
                    </connection-definition>
                  </connection-definitions>
                  <admin-objects>
                    <admin-object class-name="dev.apogee.ra.admin.AdminQueue"
                        jndi-name="java:/jms/apogee/queue/lookup" pool-name="ItLookupQueue">
                      <config-property name="name">it_lookup</config-property>
                    </admin-object>
                  </admin-objects>
                </ironjacamar>
                """.formatted(url);
    }

    /** The example application of examples/wildfly-app, as built by its module. */
    static WebArchive exampleWar() {
        String path = System.getProperty("apogee.example.war");
        File file = new File(path == null ? "missing" : path);
        if (!file.isFile()) {
            throw new IllegalStateException("run the container tests through Maven (failsafe): the example .war "
                    + "is passed as -Dapogee.example.war, was " + path);
        }
        return ShrinkWrap.createFromZipFile(WebArchive.class, file);
    }

    /** The test application: a sending servlet and EJB, the MDBs, and their binding to the adapter. */
    static WebArchive app(String name) {
        return ShrinkWrap.create(WebArchive.class, name)
                .addPackage(AppBeans.class.getPackage())
                .addAsWebInfResource(new StringAsset(jbossEjb3()), "jboss-ejb3.xml");
    }

    static String jbossEjb3() {
        return """
                <jboss:ejb-jar xmlns:jboss="urn:jboss:jakartaee:1.0"
                               xmlns="https://jakarta.ee/xml/ns/jakartaee"
                               xmlns:mdb="urn:resource-adapter-binding"
                               version="4.0" impl-version="2.0">
                  <assembly-descriptor>
                    <mdb:resource-adapter-binding>
                      <ejb-name>*</ejb-name>
                      <mdb:resource-adapter-name>%s</mdb:resource-adapter-name>
                    </mdb:resource-adapter-binding>
                  </assembly-descriptor>
                </jboss:ejb-jar>
                """.formatted(RAR_NAME);
    }
}
