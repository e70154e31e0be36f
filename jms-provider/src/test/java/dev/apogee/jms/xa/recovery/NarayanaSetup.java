package dev.apogee.jms.xa.recovery;

import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.ats.arjuna.common.arjPropertyManager;
import com.arjuna.ats.arjuna.common.recoveryPropertyManager;
import com.arjuna.ats.arjuna.objectstore.RecoveryStore;
import com.arjuna.ats.arjuna.objectstore.StoreManager;
import com.arjuna.ats.arjuna.common.Uid;
import com.arjuna.ats.arjuna.recovery.RecoveryManager;
import com.arjuna.ats.arjuna.recovery.RecoveryModule;
import com.arjuna.ats.arjuna.state.InputObjectState;
import com.arjuna.ats.internal.arjuna.common.UidHelper;
import com.arjuna.ats.internal.jta.recovery.arjunacore.XARecoveryModule;
import com.arjuna.ats.jta.common.jtaPropertyManager;
import com.arjuna.ats.jta.recovery.XAResourceRecoveryHelper;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import dev.apogee.jms.xa.ApogeeXAResourceRecovery;
import jakarta.transaction.TransactionManager;
import org.h2.jdbcx.JdbcDataSource;

import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * Narayana for one application process: its object store directory and node name, set before the transaction
 * manager is first used, and a directly managed recovery manager with our XA recovery and H2's. Node name and
 * recovery nodes are the same in the process that crashed and in the one that recovers.
 */
final class NarayanaSetup {
    static final String NODE = "xa-proof";
    private static final String ATOMIC_ACTION = "/StateManager/BasicAction/TwoPhaseCoordinator/AtomicAction";

    private NarayanaSetup() {
    }

    static TransactionManager configure(Path objectStore) throws Exception {
        String dir = objectStore.toString();
        BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class).setObjectStoreDir(dir);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "communicationStore").setObjectStoreDir(dir);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "stateStore").setObjectStoreDir(dir);
        arjPropertyManager.getCoreEnvironmentBean().setNodeIdentifier(NODE);
        jtaPropertyManager.getJTAEnvironmentBean().setXaRecoveryNodes(List.of(NODE));
        // the two passes of a scan wait this long for each other (default 10 s)
        recoveryPropertyManager.getRecoveryEnvironmentBean().setRecoveryBackoffPeriod(1);
        return com.arjuna.ats.jta.TransactionManager.transactionManager();
    }

    /** A recovery manager driven by {@link RecoveryManager#scan()}, with our brokers' and the database's resources. */
    static RecoveryManager recovery(ApogeeXAConnectionFactory jms, JdbcDataSource database) {
        RecoveryManager manager = RecoveryManager.manager(RecoveryManager.DIRECT_MANAGEMENT);
        XARecoveryModule xa = null;
        for (RecoveryModule m : manager.getModules()) {
            if (m instanceof XARecoveryModule x) {
                xa = x;
            }
        }
        if (xa == null) {
            throw new IllegalStateException("no XARecoveryModule configured: " + manager.getModules());
        }
        ApogeeXAResourceRecovery apogee = new ApogeeXAResourceRecovery(jms);
        xa.addXAResourceRecoveryHelper(new XAResourceRecoveryHelper() {
            @Override
            public boolean initialise(String p) {
                return apogee.initialise(p);
            }

            @Override
            public XAResource[] getXAResources() {
                return apogee.getXAResources();
            }
        });
        xa.addXAResourceRecoveryHelper(new H2Recovery(database));
        return manager;
    }

    /** Transactions the log still holds (prepared or with unfinished commits). */
    static int loggedTransactions() throws Exception {
        RecoveryStore store = StoreManager.getRecoveryStore();
        InputObjectState uids = new InputObjectState();
        int n = 0;
        if (store.allObjUids(ATOMIC_ACTION, uids)) {
            while (true) {
                Uid uid = UidHelper.unpackFrom(uids);
                if (uid.equals(Uid.nullUid())) {
                    break;
                }
                n++;
            }
        }
        return n;
    }

    /** H2's resource for recovery: one XA connection, opened per scan. */
    private static final class H2Recovery implements XAResourceRecoveryHelper {
        private final JdbcDataSource database;
        private XAConnection connection;

        H2Recovery(JdbcDataSource database) {
            this.database = database;
        }

        @Override
        public boolean initialise(String p) {
            return true;
        }

        @Override
        public synchronized XAResource[] getXAResources() throws SQLException {
            if (connection == null) {
                connection = database.getXAConnection();
            }
            return new XAResource[] {connection.getXAResource()};
        }
    }
}
