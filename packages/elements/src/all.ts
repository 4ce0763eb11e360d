// The loader a partner page may use to define every Parley element at once; each element also has a file of its own.
import './parley-try-it/define.js';
import './parley-agent-designer/define.js';
import './parley-nlp-report/define.js';
import './parley-customer-master/define.js';
import './parley-customer-picker/define.js';
import './parley-attachment-dialog/define.js';
import './parley-broadcast-sender/define.js';
import './parley-live-chat/define.js';
